<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="terrain-square" tilewidth="32" tileheight="32" tilecount="10" columns="10">
 <image source="terrain-square.png" width="320" height="32"/>
 <tile id="0" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="plains"/>
  </properties>
 </tile>
 <tile id="1" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="forest"/>
  </properties>
 </tile>
 <tile id="2" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="hills"/>
  </properties>
 </tile>
 <tile id="3" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="forest-hills"/>
  </properties>
 </tile>
 <tile id="4" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="swamp"/>
  </properties>
 </tile>
 <tile id="5" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="desert"/>
  </properties>
 </tile>
 <tile id="6" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="mountains"/>
  </properties>
 </tile>
 <tile id="7" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="water"/>
  </properties>
 </tile>
 <tile id="8" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="road"/>
  </properties>
 </tile>
 <tile id="9" type="TerrainTile">
  <properties>
   <property name="terrain" propertytype="Terrain" value="ford"/>
  </properties>
 </tile>
</tileset>
